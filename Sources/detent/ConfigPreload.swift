import DetentConfig
import DetentPlatform

/// The configuration a plain `detent run` reads (the default location: `$DETENT_CONFIG`, then
/// the nearest detent.toml; no `--config`, no busted task), read on a thread of its own while
/// the main thread parses the command line (`Run.startEarly`): the two were the coordinator's
/// way to its first file, one after the other.
final class ConfigPreload: @unchecked Sendable {
    private var result: Result<DetentConfiguration, Error>?
    private var thread: JoinableThread?

    static func start() -> ConfigPreload {
        let preload = ConfigPreload()
        preload.thread = JoinableThread { [preload] in
            preload.result = Result { try DetentConfiguration.load(ConfigLocation.current(explicit: nil, bustedTask: nil)) }
        }
        return preload
    }

    /// The configuration, or why it could not be read, once the thread has ended.
    func join() -> Result<DetentConfiguration, Error> {
        thread?.join()
        thread = nil
        return result!
    }
}
