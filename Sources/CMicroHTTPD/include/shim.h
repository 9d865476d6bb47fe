#ifndef PBRENDER_CMICROHTTPD_SHIM_H
#define PBRENDER_CMICROHTTPD_SHIM_H

// <microhttpd.h> expects these to be included first.
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <microhttpd.h>

#include "pb_mhd_functions.h"

/// The URI logger MHD calls once per request, before the headers are parsed; its result becomes the request's
/// `*req_cls` and is handed back to the request-completed callback.
typedef void *(*pb_mhd_uri_logger)(void *context, const char *uri, struct MHD_Connection *connection);

/// `MHD_start_daemon` with a fixed option list, because Swift cannot call a variadic C function.
///
/// The daemon polls with epoll (or the best the system has) on its own threads and can be quiesced (`MHD_USE_ITC`).
/// `address` must stay valid for the call only (MHD copies it); pass `use_ipv6` for an IPv6 address. It runs
/// `thread_pool_size` polling threads (0 or 1: one thread), accepts at most `connection_limit` connections,
/// closes a connection idle for `connection_timeout` seconds, and gives each connection a memory pool of
/// `memory_limit` bytes (request line, headers and response headers must fit in it).
static inline struct MHD_Daemon *pb_mhd_start_daemon(int use_ipv6, const struct sockaddr *address,
                                                     unsigned int thread_pool_size, unsigned int connection_limit,
                                                     unsigned int connection_timeout, size_t memory_limit,
                                                     MHD_AccessHandlerCallback access_handler,
                                                     pb_mhd_uri_logger uri_logger,
                                                     MHD_RequestCompletedCallback completed, void *context) {
    unsigned int flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC;
    if (use_ipv6) {
        flags |= MHD_USE_IPv6;
    }
    return pb_mhd()->MHD_start_daemon(flags, 0, NULL, NULL, access_handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/// Whether the libmicrohttpd in use is 0.9.75, whose request-line parsing the two functions below rely on
/// (`parse_initial_message_line` in its `connection.c`).
static inline int pb_mhd_is_0_9_75(void) {
#if MHD_VERSION == 0x00097500
    const char *version = pb_mhd()->MHD_get_version();
    return version != NULL && strcmp(version, "0.9.75") == 0;
#else
    return 0;
#endif
}

/// The length of the raw request-target the URI logger is given, literal NUL bytes included.
///
/// libmicrohttpd 0.9.75 calls the URI logger with the raw target, ended by the NUL it wrote over the space
/// before the version, and only once the version (`HTTP/1.x`) has parsed. A literal NUL in the target ends the
/// C string early; the target's real end is then the first NUL followed by `HTTP/` after it, which exists (the
/// version's) and so bounds the scan. With another version it is `strlen`.
static inline size_t pb_mhd_raw_target_length(const char *uri) {
    size_t length = strlen(uri);
    if (!pb_mhd_is_0_9_75()) {
        return length;
    }
    while (uri[length] != '\0' || strncmp(uri + length + 1, "HTTP/", 5) != 0) {
        length += 1;
    }
    return length;
}

/// Keeps libmicrohttpd 0.9.75 from parsing the query of the target the URI logger was given (`length` bytes,
/// copied already): it sets the byte after the first `?` to NUL, so the query it splits is empty.
///
/// After the logger returns, 0.9.75 splits the query at `&` and `=` into one 64-byte record per piece, in the
/// connection's memory pool; nothing here reads them (the server decodes the raw target itself), and a 16 KiB
/// query of `&`s would need 16,384 of them, a megabyte. When the pool runs out, 0.9.75 queues a 431 and then
/// waits for header lines in a read buffer it has freed, until the idle timeout closes the connection without
/// an answer. The target lives in libmicrohttpd's read buffer, which is writable (only the parameter is const).
/// With another version it does nothing.
static inline void pb_mhd_hide_query(const char *uri, size_t length) {
    if (!pb_mhd_is_0_9_75()) {
        return;
    }
    char *query = memchr(uri, '?', length);
    if (query != NULL && query + 1 < uri + length) {
        query[1] = '\0';
    }
}

/// The port the daemon is bound to (0 when MHD cannot tell); `MHD_get_daemon_info` is variadic.
static inline uint16_t pb_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = pb_mhd()->MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The connecting client's address, or NULL; `MHD_get_connection_info` is variadic.
static inline const struct sockaddr *pb_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = pb_mhd()->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

static inline ssize_t pb_mhd_no_content(void *context, uint64_t position, char *buffer, size_t maximum) {
    (void)context;
    (void)position;
    (void)buffer;
    (void)maximum;
    return MHD_CONTENT_READER_END_WITH_ERROR;
}

/// A response that announces `size` bytes (libmicrohttpd sends them as `Content-Length`) but has none to send:
/// for a 304 or a reply to HEAD, which carry headers only. Were libmicrohttpd ever to ask for the content, the
/// reader reports an error and the connection is closed, so nothing wrong is sent.
static inline struct MHD_Response *pb_mhd_create_headers_only_response(uint64_t size) {
    return pb_mhd()->MHD_create_response_from_callback(size, 4096, pb_mhd_no_content, NULL, NULL);
}

#endif
