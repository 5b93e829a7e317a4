extension Store {
    /// Delivers an action addressed to one instance down the path to it, leaving the other
    /// instances of its type out (see ``TargetedWalk``); while tracking, records what changed.
    ///
    /// A tree whose path the walk cannot follow (through a dictionary or an `any Model` field)
    /// gets the whole walk instead: the action then reaches every instance, as without routing.
    func walkTargeted(_ targeted: any Action, type: ObjectIdentifier, tracking: Bool) {
        guard let (layout, key, location) = TargetedDelivery.address(of: targeted, in: self) else { return }
        let instanceType = layout.typeID
        targeting.lastSkipped = SkippedInstances(layout: layout, id: key)
        for (index, box) in trees.all.enumerated() {
            if tracking { changeLog.start(box: index, root: box.address, layout: box.layout) }
            if let location, location.box == index {
                if TargetedWalk.canFollow(location.steps, from: box.layout) {
                    targeting.walk.walk(
                        box, steps: location.steps, action: targeted, type: type, excluded: instanceType,
                        tracking: tracking)
                } else {
                    targeting.lastSkipped = nil
                    reduceWhole(box, targeted, type: type, tracking: tracking)
                }
            } else if box.layout.mayContain(instanceType) {
                targeting.walk.walkLeavingOut(
                    box, action: targeted, type: type, excluded: instanceType, tracking: tracking)
            } else {
                reduceWhole(box, targeted, type: type, tracking: tracking)
            }
        }
    }

    private func reduceWhole(_ box: AnyModelBox, _ action: any Action, type: ObjectIdentifier, tracking: Bool) {
        if tracking {
            box.reduce(action, type: type, tracking: changeLog)
        } else {
            box.reduce(action, type: type)
        }
    }
}
