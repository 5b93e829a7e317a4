/// The plan of a container of one element type (an array, an optional, a set): it writes each
/// element through the element's plan, and nests.
class ElementFormatPlan: FormatPlan {
    let element: FormatPlan

    init(element: FormatPlan) {
        self.element = element
        super.init(nests: true)
    }
}
