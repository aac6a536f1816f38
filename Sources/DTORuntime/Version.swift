public enum DTORuntimeVersion { public static let current = "0.1.0" }
