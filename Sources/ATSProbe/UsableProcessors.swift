#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors are online (`sysconf`). Foundation's `activeProcessorCount` reads the
/// cgroup quota files on Linux, about 0.4 ms on first use, a fiftieth of a whole `host` run;
/// the split into two event loops only needs to know whether a second core exists. (Under a
/// CPU quota or cpuset of one core the split still happens, on one core.)
enum UsableProcessors {
    static let count: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
