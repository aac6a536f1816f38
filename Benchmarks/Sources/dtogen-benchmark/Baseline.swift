import Foundation

/// `--baseline <dtogen>`: this checkout's dtogen against an earlier build, in turn, on
/// what a change of the core may slow: Stripe's import (from ../shared/conformance/bigapis,
/// when it is there), builds of specs backed by Stripe's and by Jira's document (what the
/// build plugin runs; Jira's has parts the format cannot express, left out before its one
/// resolve) and a 10,000-endpoint spec's generation. Five rounds each; medians and
/// the ratio (this build's time over the earlier one's: below 1 is faster).
@MainActor func compareWithBaseline(dtogen: String, baseline: String) throws {
    say("\nAgainst an earlier build (\(baseline); in turn, 5 rounds, median, peak resident memory):")
    let folder = work.appendingPathComponent("baseline")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

    var tasks: [(name: String, arguments: (String) -> [String])] = []
    let conformance = root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    let stripe = conformance.appendingPathComponent("bigapis/stripe.yaml")
    if FileManager.default.fileExists(atPath: stripe.path) {
        tasks.append(
            (
                "import Stripe's document",
                {
                    [
                        $0, "import", stripe.path, "-o", folder.appendingPathComponent("stripe.json").path, "--force",
                        "--quiet",
                    ]
                }
            ))
    }
    for (document, owner) in [("bigapis/stripe.yaml", "Stripe's"), ("bigapis2/jira-platform.json", "Jira's")] {
        let source = conformance.appendingPathComponent(document)
        guard FileManager.default.fileExists(atPath: source.path) else { continue }
        let backed = folder.appendingPathComponent("backed-\(source.deletingPathExtension().lastPathComponent)")
        try FileManager.default.createDirectory(at: backed, withIntermediateDirectories: true)
        // The document beside the spec (a spec names its document by a relative path).
        try FileManager.default.createSymbolicLink(
            at: backed.appendingPathComponent(source.lastPathComponent), withDestinationURL: source)
        let spec = backed.appendingPathComponent("spec.json")
        try Data(#"{ "openapi": "\#(source.lastPathComponent)" }"#.utf8).write(to: spec)
        tasks.append(
            (
                "build a spec backed by \(owner) document",
                { [$0, spec.path, "-o", folder.appendingPathComponent("out").path, "--quiet"] }
            ))
    }
    let specs = work.appendingPathComponent("specs-10000")
    _ = try SyntheticAPI.write(endpoints: 10_000, to: specs)
    let output = folder.appendingPathComponent("out")
    tasks.append(("generate 10,000 endpoints", { [$0, specs.path, "-o", output.path, "--quiet"] }))

    for task in tasks {
        var current: [Measured] = []
        var earlier: [Measured] = []
        for _ in 0..<5 {
            for (binary, into) in [(dtogen, 0), (baseline, 1)] {
                try? FileManager.default.removeItem(at: output)
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("stripe.json"))
                let run = Run.measure(task.arguments(binary))
                guard run.status == 0 else {
                    say(run.output)
                    fatalError("\(binary) failed: \(task.name)")
                }
                if into == 0 { current.append(run) } else { earlier.append(run) }
            }
        }
        let now = median(current.map(\.seconds))
        let before = median(earlier.map(\.seconds))
        row(
            task.name,
            "\(fmt(now, 3)) s vs \(fmt(before, 3)) s: \(fmt(now / before))×; "
                + "\(fmt(current.map(\.peakMegabytes).max() ?? 0, 0)) vs \(fmt(earlier.map(\.peakMegabytes).max() ?? 0, 0)) MB",
            "≤ 1.05×")
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
