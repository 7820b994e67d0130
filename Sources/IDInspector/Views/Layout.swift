/// Where each pane goes at a given terminal size. The smallest supported size is 80×24.
public struct Layout: Sendable {
    public static let minimumWidth = 80
    public static let minimumHeight = 24

    public let width: Int
    public let height: Int
    public let header: CanvasRect
    public let world: CanvasRect
    public let storage: CanvasRect
    public let identity: CanvasRect
    public let history: CanvasRect
    public let timeline: CanvasRect
    public let status: CanvasRect
    public let footer: CanvasRect

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    public init(width: Int, height: Int) {
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
