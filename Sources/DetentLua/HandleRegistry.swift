import CLuaShim

/// Opaque ids for Swift objects handed to Lua (box2d-style): Lua holds only the id, never a
/// strong reference, so a script cannot keep a world alive, and a handle whose object is gone
/// (its world was destroyed) is detected and reported instead of crashing.
///
/// An id is a slot number and that slot's generation (`generation << 32 | slot`): finding a
/// handle's object is an array access and a comparison, not a dictionary lookup, which keeps
/// a property read cheap. A slot freed (its object invalidated, or found gone) gets a new
/// generation, so an old id never finds the slot's next object.
///
/// A slot holds its object `unowned`: that keeps the object's memory (not the object: it is
/// deinitialised when its last strong reference goes) until the slot is freed, so asking the
/// runtime whether it is being deallocated is a load and a test — no weak reference, whose
/// side table would make every retain of the object slow, and no retain per read.
final class HandleRegistry {
    private struct Slot {
        /// Keeps the object's memory while the slot is used (the unowned reference count).
        unowned(safe) var keeper: AnyObject?
        /// The object's address, read without retaining it.
        var address: UnsafeMutableRawPointer?
        /// Bumped when the slot is freed; ids made before carry the old value.
        var generation: UInt32
    }
    /// Slots in a buffer of our own (no copy-on-write check or exclusivity bookkeeping per read).
    private var slots: UnsafeMutablePointer<Slot>
    private var capacity = 0
    private var used = 0
    private var freeSlots: [Int] = []
    private var ids: [ObjectIdentifier: Int64] = [:]

    init() {
        slots = .allocate(capacity: 0)
    }

    deinit {
        slots.deinitialize(count: used)
        slots.deallocate()
    }

    /// The id for `object`, registering it on first use.
    /// - Complexity: O(1) amortised (one dictionary lookup).
    func id(for object: AnyObject) -> Int64 {
        let key = ObjectIdentifier(object)
        if let id = ids[key] {
            if self.object(for: id) === object { return id }
            free(slot(of: id))  // a dead object's entry, whose address this object now has
        }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            if used == capacity { grow() }
            slot = used
            (slots + slot).initialize(to: Slot(keeper: nil, address: nil, generation: 1))
            used += 1
        }
        slots[slot].keeper = object
        slots[slot].address = Unmanaged.passUnretained(object).toOpaque()
        let id = Int64(slots[slot].generation) << 32 | Int64(slot)
        ids[key] = id
        return id
    }

    /// The live object for `id`, or nil when it was destroyed or invalidated.
    /// - Complexity: O(1), no hashing.
    func object(for id: Int64) -> AnyObject? {
        guard let address = liveAddress(for: id) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(address).takeUnretainedValue()
    }

    /// The address of the live object for `id`, not retained (nil: gone). The object stays
    /// alive while a getter runs on the owning thread: getters drop no references.
    @inline(__always)
    func liveAddress(for id: Int64) -> UnsafeMutableRawPointer? {
        let slot = slot(of: id)
        guard slot < used, slots[slot].generation == UInt32(truncatingIfNeeded: id >> 32),
              let address = slots[slot].address, detent_is_deallocating(address) == 0 else { return nil }
        return address
    }

    /// Makes every handle to `object` dead from now on.
    func invalidate(_ object: AnyObject) {
        guard let id = ids.removeValue(forKey: ObjectIdentifier(object)) else { return }
        free(slot(of: id))
    }

    /// Forgets entries whose objects are gone (and releases their memory).
    func compact() {
        var freed = false
        for slot in 0..<used {
            if let address = slots[slot].address, detent_is_deallocating(address) != 0 {
                free(slot)
                freed = true
            }
        }
        if freed { ids = ids.filter { object(for: $0.value) != nil } }
    }

    /// Registrations kept (live, or dead and not yet compacted).
    var count: Int { used - freeSlots.count }

    @inline(__always)
    private func slot(of id: Int64) -> Int { Int(truncatingIfNeeded: id & 0xFFFF_FFFF) }

    private func grow() {
        let larger = UnsafeMutablePointer<Slot>.allocate(capacity: max(16, capacity * 2))
        larger.moveInitialize(from: slots, count: used)
        slots.deallocate()
        slots = larger
        capacity = max(16, capacity * 2)
    }

    private func free(_ slot: Int) {
        guard slots[slot].address != nil else { return }
        slots[slot].keeper = nil
        slots[slot].address = nil
        slots[slot].generation &+= 1
        if slots[slot].generation == 0 { slots[slot].generation = 1 }
        freeSlots.append(slot)
    }
}
