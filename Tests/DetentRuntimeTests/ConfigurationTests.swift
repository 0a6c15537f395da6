import Foundation
import Testing
import DetentScripting
import DetentSheet
@testable import DetentRuntime
import DetentTime
import DetentWorld
import DetentNavigation
import DetentDrawer
import DetentAdaptive
@testable import DetentConfig

@Suite("config/: device profiles, engine and runner defaults")
struct ConfigurationTests {
    @Test func bundledConfigLoadsWithTheSpecsDevices() throws {
        let configuration = try RunHarness.configuration()
        let names = configuration.devices.map(\.name)
        for name in ["iPhone SE (3rd generation)", "iPhone 15", "iPhone 15 Pro", "iPhone 15 Pro Max", "iPad Pro 11-inch", "iPad Pro 12.9-inch"] {
            #expect(names.contains(name))
        }
        let se = try configuration.device(named: "iPhone SE (3rd generation)")
        #expect(se.width == 375 && se.height == 667 && se.portraitInsets.top == 20 && se.refreshRate == .fixed(hz: 60))
        let pro = try configuration.device(named: "iPhone 15 Pro")
        #expect(pro.refreshRate == .fixed(hz: 120) && pro.touchRateHz == 120)
        #expect(pro.landscapeInsets == .init(top: 0, left: 59, bottom: 21, right: 59))
        let pad = try configuration.device(named: "iPad Pro 12.9-inch")
        #expect(pad.refreshRate == .variable(minimumHz: 24, maximumHz: 120) && pad.idiom == .pad)
    }

    @Test func engineTomlRepeatsTheSpecDefaults() throws {
        // MotionDefaults() holds the SPEC's values; config/engine.toml must not drift from them.
        #expect(try RunHarness.configuration().engineDefaults.motion == MotionDefaults())
        #expect(try RunHarness.configuration().engineDefaults[NavigationDefaults.self] == NavigationDefaults())
        #expect(try RunHarness.configuration().engineDefaults[DrawerDefaults.self] == DrawerDefaults())
        #expect(try RunHarness.configuration().engineDefaults[SheetDefaults.self] == SheetDefaults())
        #expect(try RunHarness.configuration().engineDefaults[AdaptiveDefaults.self] == AdaptiveDefaults())
    }

    @Test func devicesCarryTheirSizeClassesAndMultitaskingWidths() throws {
        let configuration = try RunHarness.configuration()
        let pad11 = try configuration.device(named: "iPad Pro 11-inch")
        #expect(pad11.multitasking[.landscape]?.map(\.width) == [1194, 809, 592, 375, 375])
        #expect(pad11.multitasking[.landscape]?.first { $0.mode == "1/2" }?.sizeClass == .compact)
        #expect(pad11.multitasking[.portrait]?.map(\.width) == [834, 504, 320, 320])
        let pad13 = try configuration.device(named: "iPad Pro 12.9-inch")
        #expect(pad13.multitasking[.landscape]?.first { $0.mode == "1/2" } == MultitaskingWidth(mode: "1/2", width: 678, sizeClass: .regular))
        #expect(try configuration.device(named: "iPhone 15 Pro Max").sizeClass(in: .landscape) == .regular)
        #expect(try configuration.device(named: "iPhone 15").sizeClass(in: .landscape) == .compact)
        #expect(try configuration.device(named: "iPhone 15").multitasking.isEmpty)
    }

    @Test func aBadSizeClassNamesTheKeyAndTheChoices() throws {
        let toml = try ConfigReader(file: "config/devices.toml", text: "size_class = { portrait = \"tiny\", landscape = \"regular\" }\n")
        #expect(throws: ConfigError(file: "config/devices.toml", line: 1, "key 'size_class.portrait' must be one of: compact, regular (found \"tiny\")")) {
            _ = try DetentConfiguration.loadSizeClasses(toml)
        }
    }

    @Test func syntaxErrorsNameTheFileLineAndColumn() {
        #expect(throws: ConfigError(file: "config/runner.toml", line: 2, column: 7, "Error while parsing key-value pair: expected value, saw '\\n'")) {
            _ = try ConfigReader(file: "config/runner.toml", text: "[run]\nseed =\n")
        }
    }

    @Test func wrongTypesNameTheKeyAndTheExpectedType() throws {
        let toml = try ConfigReader(file: "config/runner.toml", text: "[run]\ndefault_device = 15\nscenarios = \"x\"\nseed = 0\n[limits]\n")
        #expect(throws: ConfigError(file: "config/runner.toml", line: 2, "key 'run.default_device' must be a string, found an integer")) {
            _ = try DetentConfiguration.loadRun(toml)
        }
    }

    @Test func unknownKeysAreRefusedWithTheValidOnes() throws {
        let toml = try ConfigReader(file: "config/engine.toml", text: "[motion]\ndurration = 1\n")
        do {
            _ = try DetentConfiguration.loadMotion(toml)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(error.description.hasPrefix("config/engine.toml:2: unknown key 'motion.durration' (expected one of: duration, curve,"))
        }
    }

    @Test func numbersOutsideTheirRangeNameTheKeyAndWhatIsExpected() throws {
        let sheet = try ConfigReader(file: "config/engine.toml", text: "[sheet]\ndimming_alpha = 1.5\n")
        #expect(throws: ConfigError(file: "config/engine.toml", line: 2, "key 'sheet.dimming_alpha' must be a fraction between 0 and 1, found 1.5")) {
            _ = try DetentConfiguration.loadEngine(sheet, base: EngineDefaults())
        }
        let rate = try ConfigReader(file: "config/engine.toml", text: "[drawer]\ndeceleration_rate = 1.0\n")
        #expect(throws: ConfigError(file: "config/engine.toml", line: 2,
                                    "key 'drawer.deceleration_rate' must be a deceleration rate per millisecond between 0 and 1 (exclusive), like 0.998, found 1")) {
            _ = try DetentConfiguration.loadEngine(rate, base: EngineDefaults())
        }
        let drawer = try ConfigReader(file: "config/engine.toml", text: "[drawer]\nspring_stiffness = 0\n")
        #expect(throws: ConfigError(file: "config/engine.toml", line: 2, "key 'drawer.spring_stiffness' must be a finite number > 0 and <= 1000000000, found 0")) {
            _ = try DetentConfiguration.loadEngine(drawer, base: EngineDefaults())
        }
    }

    /// SPEC §13: no value turns a limit off; zero, negative, NaN, infinite or huge are errors.
    @Test(arguments: [
        ("instruction_budget = 0", "key 'limits.instruction_budget' must be a whole number of instructions from 1000 to 10000000000000, found 0"),
        ("instruction_budget = -5", "key 'limits.instruction_budget' must be a whole number of instructions from 1000 to 10000000000000, found -5"),
        ("memory_cap_mib = 9223372036854775807", "key 'limits.memory_cap_mib' must be a whole number of MiB from 1 to 1048576, found 9.223372036854776e+18"),
        ("default_wait_timeout = nan", "key 'limits.default_wait_timeout' must be a finite number of virtual seconds > 0 and <= 1000000000, found nan"),
        ("max_test_virtual_seconds = inf", "key 'limits.max_test_virtual_seconds' must be a finite number of virtual seconds > 0 and <= 1000000000, found inf"),
        ("cpu_seconds_per_test = 0", "key 'limits.cpu_seconds_per_test' must be seconds of CPU time from 0.001 to 86400, found 0"),
        ("cpu_seconds_per_test = nan", "key 'limits.cpu_seconds_per_test' must be seconds of CPU time from 0.001 to 86400, found nan"),
        ("instruction_counting = \"off\"", "key 'limits.instruction_counting' must be one of: watchdog, exact (found \"off\")"),
    ])
    func limitsThatWouldTurnThemselvesOffAreErrors(line: String, message: String) throws {
        var limits = ["instruction_budget = 1000000", "memory_cap_mib = 64", "default_wait_timeout = 10.0", "max_test_virtual_seconds = 60.0",
                      "cpu_seconds_per_test = 30.0"]
        let key = String(line.split(separator: " ")[0])
        limits.removeAll { $0.hasPrefix(key + " ") }
        limits.append(line)
        let text = "[run]\ndefault_device = \"iPhone 15\"\nscenarios = \"x\"\nseed = 0\n[limits]\n" + limits.joined(separator: "\n") + "\n"
        let toml = try ConfigReader(file: "/tmp/ci/runner.toml", text: text)
        // The key's own line: the last of the text.
        #expect(throws: ConfigError(file: "/tmp/ci/runner.toml", line: text.split(separator: "\n").count, message)) {
            _ = try DetentConfiguration.loadRun(toml)
        }
    }

    @Test func refreshRatesAreWholePositiveAndOrdered() throws {
        let device = { (refresh: String) in
            """
            [[device]]
            name = "X"
            width = 390
            height = 844
            scale = 3
            idiom = "phone"
            refresh = \(refresh)
            touch_rate = 60
            insets.portrait = { top = 47, left = 0, bottom = 34, right = 0 }
            insets.landscape = { top = 0, left = 47, bottom = 21, right = 47 }

            """
        }
        #expect(throws: ConfigError(file: "d.toml", line: 7, "key 'device[1].refresh' must be a whole number of Hz from 1 to 1000 or a [minimum, maximum] pair of them, found nan")) {
            _ = try DetentConfiguration.loadDevices(try ConfigReader(file: "d.toml", text: device("nan")))
        }
        #expect(throws: ConfigError(file: "d.toml", line: 7, "key 'device[1].refresh' must be [minimum, maximum] with minimum <= maximum, found [120, 10]")) {
            _ = try DetentConfiguration.loadDevices(try ConfigReader(file: "d.toml", text: device("[120, 10]")))
        }
        #expect(throws: ConfigError(file: "d.toml", line: 7, "key 'device[1].refresh' must be a whole number of Hz from 1 to 1000 or a [minimum, maximum] pair of them, found 1e+300")) {
            _ = try DetentConfiguration.loadDevices(try ConfigReader(file: "d.toml", text: device("[1e300, 5]")))
        }
        #expect(try DetentConfiguration.loadDevices(try ConfigReader(file: "d.toml", text: device("[10, 120]")))[0].refreshRate == .variable(minimumHz: 10, maximumHz: 120))
    }

    @Test func errorsNameTheFileInTheFolderGivenToConfig() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-config-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: RunHarness.root.appendingPathComponent("config"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = folder.appendingPathComponent("engine.toml")
        let text = try String(contentsOf: engine, encoding: .utf8).replacingOccurrences(of: "velocity_tracker = \"lsq2\"", with: "velocity_tracker = \"psychic\"")
        try text.write(to: engine, atomically: true, encoding: .utf8)
        do {
            _ = try DetentConfiguration.load(from: folder)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(error.file == folder.appendingPathComponent("engine.toml").standardizedFileURL.path)
            #expect(error.detail == "key 'motion.velocity_tracker' must be one of: lsq2, ios (found \"psychic\")")
        }
    }

    @Test func anUnknownDefaultDeviceIsRunnerTomlsError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-config-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: RunHarness.root.appendingPathComponent("config"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = folder.appendingPathComponent("runner.toml")
        let text = try String(contentsOf: runner, encoding: .utf8)
        try text.replacingOccurrences(of: "default_device = \"iPhone 15\"", with: "default_device = \"iPhone 99\"")
            .write(to: runner, atomically: true, encoding: .utf8)
        do {
            _ = try DetentConfiguration.load(from: folder)
            Issue.record("expected an error")
        } catch let error as ConfigError {
            #expect(error.file == runner.standardizedFileURL.path)
            #expect(error.detail.hasPrefix("key 'run.default_device' must be one of: iPhone SE (3rd generation), iPhone 15, "))
            #expect(error.detail.hasSuffix(" (found \"iPhone 99\")"))
        }
    }

    /// Found by the config fuzzer: a NUL, or a non-ASCII character, in a key made the TOML
    /// library's parser assert and abort the process. They are refused first, with their
    /// line and column; non-ASCII text in strings and comments stays fine.
    @Test func controlCharactersAreRefusedWithTheirPlaceNotAnAbort() {
        #expect(throws: ConfigError(file: "config/daemon.toml", line: 2, column: 5, "a control character (U+0000) is not allowed in TOML")) {
            _ = try ConfigReader(file: "config/daemon.toml", text: "[limits]\nmax_\u{0}_bytes = 1\n")
        }
        #expect(throws: ConfigError(file: "config/runner.toml", line: 1, column: 3, "a control character (U+001B) is not allowed in TOML")) {
            _ = try ConfigReader(file: "config/runner.toml", text: "# \u{1B}[31m\n")
        }
        #expect(throws: ConfigError(file: "config/engine.toml", line: 1, column: 2, "a non-ASCII character outside a quoted string or a comment (TOML keys are ASCII; quote it)")) {
            _ = try ConfigReader(file: "config/engine.toml", text: "[\u{FFFD}motion]\n")
        }
        #expect(throws: ConfigError(file: "config/runner.toml", line: 1, column: 2, "'(' cannot start a key (keys are letters, digits, _ and -, or quoted)")) {
            _ = try ConfigReader(file: "config/runner.toml", text: "[(limits]\nmax = 1\n")
        }
        #expect(throws: ConfigError(file: "config/runner.toml", line: 2, column: 6, "expected '=' after the key")) {
            _ = try ConfigReader(file: "config/runner.toml", text: "[run]\nseed 0\n")
        }
        #expect(throws: Never.self) { _ = try ConfigReader(file: "config/runner.toml", text: "[run]\r\nseed\t= 0\r\n") }
        // Windows line ends: every line is screened, not only the first ("\r\n" is one Character).
        #expect(throws: ConfigError(file: "config/runner.toml", line: 2, column: 2, "'(' cannot start a key (keys are letters, digits, _ and -, or quoted)")) {
            _ = try ConfigReader(file: "config/runner.toml", text: "[run]\r\n[(limits]\r\nmax = 1\r\n")
        }
        #expect(throws: Never.self) {
            _ = try ConfigReader(file: "config/devices.toml", text: "[[device]]\n\"quoted key\".a = 1\nlist = [\n  { mode = \"x\" },\n]\n")
        }
        #expect(throws: Never.self) {
            _ = try ConfigReader(file: "config/devices.toml", text: "# café, fine in a comment\nname = \"iPhone “15”\" # and here\nnote = '''\nmulti ✓\n'''\n")
        }
    }
}
