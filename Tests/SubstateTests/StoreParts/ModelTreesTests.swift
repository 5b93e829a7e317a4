import XCTest

@testable import Substate

@MainActor
final class ModelTreesTests: XCTestCase {
    private struct Other: Action {}

    func testTheRootComesFirstAndRegisteredTreesFollowInOrder() async {
        let root = makeBox(Leaf(1))
        var trees = ModelTrees(root: root)
        XCTAssertFalse(trees.hasRegistered)
        XCTAssert(trees.all.elementsEqual([root], by: ===))

        let routed = makeBox(Routed())
        let parent = makeBox(Parent())
        trees.register(routed)
        trees.register(parent)
        XCTAssertTrue(trees.hasRegistered)
        XCTAssert(trees.all.elementsEqual([root, routed, parent], by: ===))
        XCTAssert(trees.registered.elementsEqual([routed, parent], by: ===))
        XCTAssert(trees.tree(at: 0) === root)
        XCTAssert(trees.tree(at: 2) === parent)
        XCTAssertNil(trees.tree(at: 3))
        XCTAssertNil(trees.tree(at: -1))
        XCTAssert(trees.registered(ofType: ObjectIdentifier(Routed.self)) === routed)
        XCTAssertNil(trees.registered(ofType: ObjectIdentifier(Leaf.self)), "the root is not registered")
    }

    func testAnActionTypeReachesOnlyTheRegisteredTreesThatTakeIt() async {
        var trees = ModelTrees(root: makeBox(Leaf(1)))
        let routed = makeBox(Routed())
        let parent = makeBox(Parent())
        trees.register(routed)
        trees.register(parent)
        XCTAssert(
            trees.route(for: ObjectIdentifier(Routed.Bump.self), of: Routed.Bump()).elementsEqual(
                [routed, parent], by: ===))
        XCTAssert(trees.route(for: ObjectIdentifier(Other.self), of: Other()).elementsEqual([parent], by: ===))
        // Asked again, after another type: the kept answer.
        XCTAssert(
            trees.route(for: ObjectIdentifier(Routed.Bump.self), of: Routed.Bump()).elementsEqual(
                [routed, parent], by: ===))

        // New registered trees: the routes are found again.
        let second = makeBox(Routed())
        trees.setRegistered([second])
        XCTAssert(trees.route(for: ObjectIdentifier(Other.self), of: Other()).isEmpty)
        XCTAssert(
            trees.route(for: ObjectIdentifier(Routed.Bump.self), of: Routed.Bump()).elementsEqual([second], by: ===))
        trees.setRegistered([])
        XCTAssertFalse(trees.hasRegistered)
        XCTAssert(trees.route(for: ObjectIdentifier(Routed.Bump.self), of: Routed.Bump()).isEmpty)
        XCTAssertEqual(trees.all.count, 1)
    }
}
