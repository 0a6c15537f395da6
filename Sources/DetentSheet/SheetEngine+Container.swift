import DetentNavigation

/// The sheet hosts its navigation stack: it places it (`placeNavigation`), and a change the
/// stack applies at once makes the height jump with it instead of animating (SPEC §5).
extension SheetEngine: NavigationContainer {
    public var navigationPlacement: NavigationPlacement { .sheet }

    public func navigationDidChangeImmediately(_ navigation: NavigationEngine) {
        changedImmediately = true
    }
}
