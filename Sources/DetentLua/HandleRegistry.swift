/// Opaque ids for Swift objects handed to Lua (box2d-style): Lua holds only the id, never a
/// strong reference, so a script cannot keep a world alive, and a handle whose object is gone
/// (its world was destroyed) is detected and reported instead of crashing.
final class HandleRegistry {
    /// A class, so that a lookup retains the entry instead of copying a weak reference.
    private final class Entry {
        weak var object: AnyObject?
        let className: String
        init(object: AnyObject, className: String) {
            self.object = object
            self.className = className
        }
    }
    private var entries: [Int64: Entry] = [:]
    private var ids: [ObjectIdentifier: Int64] = [:]
    private var nextID: Int64 = 1

    /// The id for `object`, registering it on first use.
    func id(for object: AnyObject, className: String) -> Int64 {
        let key = ObjectIdentifier(object)
        if let id = ids[key], let entry = entries[id], entry.object === object { return id }
        let id = nextID
        nextID += 1
        entries[id] = Entry(object: object, className: className)
        ids[key] = id
        return id
    }

    /// The live object for `id`, or nil when it was destroyed or invalidated.
    func object(for id: Int64) -> AnyObject? { entries[id]?.object }

    /// Makes every handle to `object` dead from now on.
    func invalidate(_ object: AnyObject) {
        let key = ObjectIdentifier(object)
        if let id = ids.removeValue(forKey: key) { entries.removeValue(forKey: id) }
    }

    /// Forgets entries whose objects are gone.
    func compact() {
        for (id, entry) in entries where entry.object == nil {
            entries.removeValue(forKey: id)
        }
        ids = ids.filter { entries[$0.value] != nil }
    }

    var count: Int { entries.count }
}
