import Dispatch
import PBSynchronization
import Testing

/// `Locked` orders what threads do to its value, and gives way to nobody while held.
@Suite struct LockedTests {
    @Test func ordersUpdatesFromManyThreads() {
        // Read-modify-write with a pause between the read and the write: without the lock,
        // updates are lost (and ThreadSanitizer reports the race, as it did for
        // `Synchronization.Mutex`, whose futex it cannot see).
        let counter = Locked(0)
        let log = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<500 {
                counter.withLock { value in
                    let read = value
                    for _ in 0..<10 { _ = log.withLockIfAvailable { _ in } }
                    value = read + 1
                }
                log.withLock { $0.append(worker) }
            }
        }
        #expect(counter.withLock { $0 } == 4000)
        let entries = log.withLock { $0 }
        #expect(entries.count == 4000)
        #expect((0..<8).allSatisfy { worker in entries.count(where: { $0 == worker }) == 500 })
    }

    @Test func ifAvailableDoesNotWaitForAHeldLock() {
        let lock = Locked("value")
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let thread = DispatchQueue(label: "holder")
        thread.async {
            lock.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
        #expect(lock.withLockIfAvailable { $0 } == nil)
        release.signal()
        thread.sync {}
        #expect(lock.withLockIfAvailable { $0 } == "value")
    }

    @Test func bodyErrorsReleaseTheLock() {
        struct Refusal: Error {}
        let lock = Locked([1, 2])
        #expect(throws: Refusal.self) {
            try lock.withLock { (value: inout [Int]) throws(Refusal) in
                value.append(3)
                throw Refusal()
            }
        }
        // Released (a second lock would deadlock otherwise), and the change made before the
        // error stays.
        #expect(lock.withLock { $0 } == [1, 2, 3])
    }

    @Test func holdsValuesThatCannotBeCopied() {
        struct Token: ~Copyable {
            var uses = 0
        }
        let lock = Locked(Token())
        for _ in 0..<3 { lock.withLock { $0.uses += 1 } }
        #expect(lock.withLock { $0.uses } == 3)
    }
}
