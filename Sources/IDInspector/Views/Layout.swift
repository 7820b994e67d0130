/// Where each pane goes at a given terminal size. The smallest supported size is 80×24.
package struct Layout: Sendable {
    package static let minimumWidth = 80
    package static let minimumHeight = 24

    package let width: Int
    package let height: Int
    package let header: CanvasRect
    package let world: CanvasRect
    package let storage: CanvasRect
    package let identity: CanvasRect
    package let history: CanvasRect
    package let timeline: CanvasRect
    package let status: CanvasRect
    package let footer: CanvasRect

    package var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let bodyTop = 1, bodyHeight = max(0, height - 3)
        let left = max(34, width * 32 / 100)
        let storageHeight = max(6, bodyHeight * 34 / 100)
        header = CanvasRect(x: 0, y: 0, width: width, height: 1)
        world = CanvasRect(x: 0, y: bodyTop, width: left, height: bodyHeight - storageHeight)
        storage = CanvasRect(x: 0, y: bodyTop + bodyHeight - storageHeight, width: left, height: storageHeight)
        let right = width - left
        let identityHeight = min(11, max(8, bodyHeight * 30 / 100))
        // Step numbers, four lanes and the legend.
        let historyHeight = 8
        identity = CanvasRect(x: left, y: bodyTop, width: right, height: identityHeight)
        history = CanvasRect(x: left, y: bodyTop + identityHeight, width: right, height: historyHeight)
        timeline = CanvasRect(x: left, y: bodyTop + identityHeight + historyHeight, width: right,
                        height: bodyHeight - identityHeight - historyHeight)
        status = CanvasRect(x: 0, y: height - 2, width: width, height: 1)
        footer = CanvasRect(x: 0, y: height - 1, width: width, height: 1)
    }
}
