#ifndef PBRENDER_CMICROHTTPD_FUNCTIONS_H
#define PBRENDER_CMICROHTTPD_FUNCTIONS_H

// Included by shim.h after <microhttpd.h>. libmicrohttpd is loaded when a server starts, not with every
// process (pb_dynamic_library.h): the functions pbrender uses, as `pb_mhd()`'s table once `pb_mhd_load()`
// has returned 1.

#include "pb_dynamic_library.h"

#define PB_MHD_FUNCTIONS(F)                                                                                    \
    F(MHD_start_daemon)                                                                                        \
    F(MHD_stop_daemon)                                                                                         \
    F(MHD_quiesce_daemon)                                                                                      \
    F(MHD_run)                                                                                                 \
    F(MHD_get_timeout)                                                                                         \
    F(MHD_get_version)                                                                                         \
    F(MHD_get_daemon_info)                                                                                     \
    F(MHD_get_connection_info)                                                                                 \
    F(MHD_get_connection_values_n)                                                                             \
    F(MHD_create_response_from_buffer)                                                                         \
    F(MHD_create_response_from_callback)                                                                       \
    F(MHD_add_response_header)                                                                                 \
    F(MHD_destroy_response)                                                                                    \
    F(MHD_queue_response)

PB_DYNAMIC_LIBRARY_DECLARE(pb_mhd, PB_MHD_FUNCTIONS)

#endif
