package import NIOCore
import NIOPosix

/// Runs a task's jobs on one NIO event loop (SE-0417 task executor preference), so a store operation that awaits its
/// connection's futures and channel resumes on the thread that completes them instead of crossing to the
/// concurrency pool and back at every step (which cost several thread hand-offs per PostgreSQL statement).
/// Only for work that never blocks: the loop serves every channel on it.
@available(macOS 15, iOS 18, macCatalyst 18, visionOS 2, *)
package final class EventLoopTaskExecutor: TaskExecutor {
    package let eventLoop: any EventLoop

    package init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// An event loop and, where the platform has task executors, the ``EventLoopTaskExecutor`` that runs tasks on it.
package struct PreferredEventLoop: Sendable {
    package let eventLoop: any EventLoop
    /// An ``EventLoopTaskExecutor``, typed loosely so this type exists on systems older than task executors.
    private let taskExecutor: (any Sendable)?

    package init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
        if #available(macOS 15, iOS 18, macCatalyst 18, visionOS 2, *) {
            taskExecutor = EventLoopTaskExecutor(eventLoop)
        } else {
            taskExecutor = nil
        }
    }

    @available(macOS 15, iOS 18, macCatalyst 18, visionOS 2, *)
    package var executor: EventLoopTaskExecutor? { taskExecutor as? EventLoopTaskExecutor }
}

extension PreferredEventLoop {
    /// One ``PreferredEventLoop`` per loop of NIO's singleton group, which both the HTTP server and the PostgreSQL pool
    /// run on. Sharing the executor object matters: a task that already prefers a loop's executor and asks for the same
    /// object again stays where it is, while a second executor of the same loop would mean a trip through the loop's
    /// queue.
    package static let singletonLoops: [PreferredEventLoop] = MultiThreadedEventLoopGroup.singleton.makeIterator().map(PreferredEventLoop.init)

    /// The shared entry for `eventLoop` when it is one of the singleton group's, else a new one.
    package static func shared(for eventLoop: any EventLoop) -> PreferredEventLoop {
        singletonLoops.first { $0.eventLoop === eventLoop } ?? PreferredEventLoop(eventLoop)
    }

    /// The index in `loops` of the loop running the calling code, if it is one of them.
    package static func index(ofCurrentIn loops: [PreferredEventLoop]) -> Int? {
        guard let current = MultiThreadedEventLoopGroup.currentEventLoop else { return nil }
        return loops.firstIndex { $0.eventLoop === current }
    }
}
