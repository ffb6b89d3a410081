#pragma once
// The server's resource use as Linux reports it: CPU seconds from
// /proc/<pid>/stat (utime + stime) and memory from /proc/<pid>/status
// (VmRSS now, VmHWM the peak). A pid of 0 or an unreadable file gives zeros.
#include <sys/types.h>

namespace kibitz::bench {

struct proc_sample {
    bool ok = false;
    double cpu_s = 0;       // user + system
    long rss_kib = 0;       // VmRSS
    long hwm_kib = 0;       // VmHWM (peak RSS)
    long threads = 0;
};

proc_sample sample_process(pid_t pid);
// This process's own CPU seconds (user + system), for the generator's share.
double self_cpu_seconds();

}  // namespace kibitz::bench
