# Batched ("unity") compilation of the biggest targets: one compiler run for eight sources. The
# server, the client library and the command-line tool include the same heavy headers (Asio,
# Beast, protobuf, nlohmann-json) and instantiate the same templates in every file; a batch does
# that work once. CI builds three configurations of them (sanitized, ThreadSanitizer, release),
# so the presets it uses turn this on; `dev` leaves it off, so that editing one file recompiles
# one file. A batched target asks that no two of its files give a file-local name (an unnamed
# namespace's or a static one) two meanings: CI's build is the check.

option(CARC_UNITY "Compile the biggest targets eight sources at a time" OFF)

function(carc_unity target)
  if(CARC_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
