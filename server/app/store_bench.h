// `carcassonne-server bench-store`: how many commands per second the store sustains on this
// machine's disk, with full and with normal durability. Lives in the server binary so that a
// host measures exactly the store their server will use.
#pragma once

namespace carc::server {

// argv[1] is "bench-store"; returns the process exit code.
int RunStoreBench(int argc, char** argv);

}  // namespace carc::server
