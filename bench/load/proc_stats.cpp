#include "proc_stats.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace kibitz::bench {

proc_sample sample_process(pid_t pid) {
    proc_sample s;
    if (pid <= 0) return s;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return s;
    // The command name (field 2) may contain spaces: fields restart after ')'.
    auto close = line.rfind(')');
    if (close == std::string::npos) return s;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    // Fields from 3 (state) on; utime is 14, stime 15.
    for (int i = 3; i <= 15 && rest >> field; ++i) {
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
    }
    s.cpu_s = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    while (std::getline(status, line)) {
        long v = 0;
        if (std::sscanf(line.c_str(), "VmRSS: %ld", &v) == 1) s.rss_kib = v;
        else if (std::sscanf(line.c_str(), "VmHWM: %ld", &v) == 1) s.hwm_kib = v;
        else if (std::sscanf(line.c_str(), "Threads: %ld", &v) == 1) s.threads = v;
    }
    s.ok = true;
    return s;
}

double self_cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto sec = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return sec(u.ru_utime) + sec(u.ru_stime);
}

}  // namespace kibitz::bench
