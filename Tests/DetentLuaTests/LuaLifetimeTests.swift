import Testing
@testable import DetentLua

@Suite("Lifetimes: closures, handles, coroutines")
struct LuaLifetimeTests {
    @Test func closingTheStateReleasesEverySwiftClosure() throws {
        let tracker = LifetimeTracker()
        do {
            let lua = LuaState()
            for i in 0..<10 {
                let captured = tracker.instance()
                lua.register("f\(i)") { call in
                    _ = captured
                    call.push(i)
                    return 1
                }
            }
            try lua.run("assert(f3() == 3)", chunkName: "c.lua")
            #expect(tracker.live == 10)
        }
        #expect(tracker.created == 10)
        #expect(tracker.live == 0)
    }

    @Test func garbageCollectedClosuresAreReleasedBeforeClose() throws {
        let tracker = LifetimeTracker()
        let lua = LuaState()
        do {
            let captured = tracker.instance()
            lua.push(function: "temporary") { _ in _ = captured; return 0 }
            lua.pop()
        }
        #expect(tracker.live == 1)
        lua.collectGarbage()
        #expect(tracker.live == 0)
    }

    final class Thing {
        var size = 3.5
    }

    @Test func handlesReadFieldsAndFailClearlyOnceTheObjectIsGone() throws {
        let lua = LuaState()
        let cls = LuaClass<Thing>(name: "thing")
        cls.getters["size"] = { thing, call in call.push(thing.size) }
        cls.setters["size"] = { thing, call in thing.size = try call.number(3) }
        cls.methods["grow"] = { thing, call in thing.size += try call.number(2); return 0 }
        lua.register(class: cls)
        var thing: Thing? = Thing()
        lua.pushHandle(thing!, className: "thing")
        lua.setGlobal("t")
        try lua.run("t:grow(1); t.size = t.size * 2; result = t.size", chunkName: "h.lua")
        lua.getGlobal("result")
        #expect(lua.number(at: -1) == 9)
        lua.pop()
        #expect(thing?.size == 9)

        thing = nil
        do {
            try lua.run("local x = t.size", chunkName: "gone.lua")
            Issue.record("expected an error")
        } catch {
            #expect((error as? LuaError)?.message == "gone.lua:1: thing handle used after its world was destroyed (accessing 'size')")
        }
        do {
            try lua.run("local x = t.colour", chunkName: "gone.lua")
        } catch {
            #expect((error as? LuaError)?.message.contains("used after its world was destroyed") == true)
        }
    }

    @Test func unknownFieldsListTheValidOnes() throws {
        let lua = LuaState()
        let cls = LuaClass<Thing>(name: "thing")
        cls.getters["size"] = { thing, call in call.push(thing.size) }
        cls.methods["grow"] = { _, _ in 0 }
        lua.register(class: cls)
        let thing = Thing()
        lua.pushHandle(thing, className: "thing")
        lua.setGlobal("t")
        do {
            try lua.run("local x = t.colour", chunkName: "u.lua")
            Issue.record("expected an error")
        } catch {
            #expect((error as? LuaError)?.message == "u.lua:1: thing has no field 'colour' (fields: grow, size)")
        }
        withExtendedLifetime(thing) {}
    }

    /// `__index` finds a member by the address of its interned name; names too long to be
    /// interned (over 40 bytes), and keys that are not strings, go through the member table.
    @Test func membersAreFoundByAnyKeyWithTheirName() throws {
        let lua = LuaState()
        let cls = LuaClass<Thing>(name: "thing")
        let long = "a_number_field_whose_name_is_too_long_to_be_interned"
        cls.numberField("size", "number", "Points.") { $0.size }
        cls.numberField("count", "integer", "") { $0.size * 2 }
        cls.numberField("missing", "number?", "") { _ in nil }
        cls.numberField(long, "number", "") { $0.size + 1 }
        cls.getters["label"] = { _, call in call.push("thing") }
        cls.methods["grow"] = { thing, call in thing.size += try call.number(2); return 0 }
        lua.register(class: cls)
        let thing = Thing()
        lua.pushHandle(thing, className: "thing")
        lua.setGlobal("t")
        try lua.run("""
            local key = "si" .. "ze"
            assert(t.size == 3.5 and t[key] == 3.5)
            assert(math.type(t.count) == "integer" and t.count == 7)
            assert(t.missing == nil and t.label == "thing")
            local built = "a_number_field_whose_name_" .. "is_too_long_to_be_interned"
            assert(t.\(long) == 4.5 and t[built] == 4.5)
            t:grow(1)
            assert(t.size == 4.5)
            """, chunkName: "k.lua")
        for (key, shown) in [("1", "?"), ("true", "?"), ("'a_key_that_is_no_member_and_longer_than_forty_bytes'", "a_key_that_is_no_member_and_longer_than_forty_bytes")] {
            do {
                try lua.run("local x = t[\(key)]", chunkName: "k.lua")
                Issue.record("t[\(key)] should fail")
            } catch {
                #expect((error as? LuaError)?.message.hasPrefix("k.lua:1: thing has no field '\(shown)'") == true, "\(error)")
            }
        }
        withExtendedLifetime(thing) {}
    }

    @Test func luaHoldsNoStrongReferenceThroughHandles() throws {
        let tracker = LifetimeTracker()
        let lua = LuaState()
        let cls = LuaClass<LifetimeTracker.Instance>(name: "instance")
        lua.register(class: cls)
        do {
            let instance = tracker.instance()
            lua.pushHandle(instance, className: "instance")
            lua.setGlobal("kept")
        }
        #expect(tracker.live == 0)
    }

    @Test func deadHandleRegistrationsAreForgottenAndLiveOnesKept() throws {
        let lua = LuaState()
        lua.register(class: LuaClass<Thing>(name: "thing"))
        let kept = Thing()
        lua.pushHandle(kept, className: "thing")
        lua.setGlobal("kept")
        for _ in 0..<100 {
            let temporary = Thing()
            lua.pushHandle(temporary, className: "thing")
            lua.pop()
        }
        // A dead object's slot may be reused by the next one (same address), so fewer than
        // 101 registrations remain; at least the kept one and the last temporary do.
        #expect(lua.handleRegistrations >= 2)
        lua.forgetDeadHandles()
        #expect(lua.handleRegistrations == 1)
        try lua.run("assert(tostring(kept) == \"thing\")", chunkName: "k.lua")
        withExtendedLifetime(kept) {}
    }

    @Test func coroutineYieldsToSwiftAndIsResumedWithValues() throws {
        let lua = LuaState()
        try lua.load("""
            local got = coroutine.yield("first", 1)
            local again = coroutine.yield(got * 2)
            return again .. "!"
            """, chunkName: "co.lua")
        let thread = LuaThread(state: lua)
        guard case let .yielded(count) = thread.resume() else { Issue.record("no yield"); return }
        thread.withResults(count) { values in
            #expect(values.count == 2)
            #expect(values.string(1) == "first")
            #expect(values.number(2) == 1)
        }
        thread.push(.integer(21))
        guard case let .yielded(count2) = thread.resume(argumentCount: 1) else { Issue.record("no second yield"); return }
        thread.withResults(count2) { #expect($0.number(1) == 42) }
        thread.push(.string("done"))
        guard case let .finished(count3) = thread.resume(argumentCount: 1) else { Issue.record("not finished"); return }
        thread.withResults(count3) { #expect($0.string(1) == "done!") }
    }

    @Test func coroutineErrorsCarryTheCoroutinesTraceback() throws {
        let lua = LuaState()
        try lua.load("coroutine.yield()\nlocal x = nil\nreturn x.field", chunkName: "bad.lua")
        let thread = LuaThread(state: lua)
        _ = thread.resume()
        guard case let .failed(error) = thread.resume() else { Issue.record("expected failure"); return }
        #expect(error.message.hasPrefix("bad.lua:3: attempt to index a nil value"))
        #expect(error.traceback.contains("bad.lua:3"))
    }
}
