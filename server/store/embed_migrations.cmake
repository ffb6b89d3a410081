# cmake -DDIR=<migrations dir> -DOUT=<file.cpp> [-DFUNC=<function>] -P embed_migrations.cmake
# Writes every NNNN_name.sql of DIR, in number order, into a C++ array of
# {version, name, sql} returned by FUNC (default embedded_migrations). A raw
# string delimiter that no SQL file contains is used.
if(NOT DEFINED FUNC)
  set(FUNC embedded_migrations)
endif()
file(GLOB files ${DIR}/[0-9][0-9][0-9][0-9]_*.sql)
list(SORT files)
set(body "")
foreach(f IN LISTS files)
  get_filename_component(name ${f} NAME_WE)
  string(SUBSTRING ${name} 0 4 num)
  math(EXPR version "${num}")   # drops leading zeros
  file(READ ${f} sql)
  string(FIND "${sql}" ")kibitz_sql\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${f} contains the raw string delimiter")
  endif()
  string(APPEND body "    {${version}, \"${name}\", R\"kibitz_sql(${sql})kibitz_sql\"},\n")
endforeach()
file(WRITE ${OUT}.tmp "// Generated from schema/migrations by embed_migrations.cmake; do not edit.
#include \"store/migrations.hpp\"

namespace kibitz::server::storage {

std::span<const migration> ${FUNC}() {
    static const migration list[] = {
${body}    };
    return list;
}

}  // namespace kibitz::server::storage
")
# Only touch the output when it changed, so nothing recompiles needlessly.
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
