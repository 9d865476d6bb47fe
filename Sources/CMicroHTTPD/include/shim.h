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
// For the loop that runs each daemon (PBServer's ServerLoop), which Glibc's module does not export.
#include <sys/epoll.h>
#include <sys/eventfd.h>

#include "pb_mhd_functions.h"

/// The URI logger MHD calls once per request, before the headers are parsed; its result becomes the request's
/// `*req_cls` and is handed back to the request-completed callback.
typedef void *(*pb_mhd_uri_logger)(void *context, const char *uri, struct MHD_Connection *connection);

/// The callback libmicrohttpd calls when a connection starts and when it closes (`MHD_OPTION_NOTIFY_CONNECTION`).
typedef void (*pb_mhd_connection_notifier)(void *context, struct MHD_Connection *connection, void **socket_context,
                                           enum MHD_ConnectionNotificationCode code);

/// `MHD_start_daemon` with a fixed option list, because Swift cannot call a variadic C function.
///
/// The daemon has no thread of its own: it accepts from `listen_fd` (a listening socket the caller made, which
/// several daemons may share, and which the caller closes after quiescing and stopping every daemon) and does its
/// work when the caller runs `MHD_run` on one thread, once `pb_mhd_epoll_fd` is readable or `pb_mhd_timeout`'s
/// milliseconds have passed (`MHD_USE_EPOLL`: external polling with epoll). It accepts at most
/// `connection_limit` connections, closes a connection on which nothing has moved for `connection_timeout`
/// seconds, gives each connection a memory pool of `memory_limit` bytes (request line, headers and response
/// headers must fit in it), and tells `notify_connection` when each connection starts and closes.
static inline struct MHD_Daemon *pb_mhd_start_daemon(int listen_fd, unsigned int connection_limit,
                                                     unsigned int connection_timeout, size_t memory_limit,
                                                     MHD_AccessHandlerCallback access_handler,
                                                     pb_mhd_uri_logger uri_logger,
                                                     MHD_RequestCompletedCallback completed,
                                                     pb_mhd_connection_notifier notify_connection, void *context) {
    return pb_mhd()->MHD_start_daemon(MHD_USE_EPOLL, 0, NULL, NULL, access_handler, context,
                                      MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
                                      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                                      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
                                      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                                      MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
                                      MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                                      MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
                                      MHD_OPTION_END);
}

/// The daemon's epoll descriptor, readable when it has work for `MHD_run`, or -1; `MHD_get_daemon_info` is
/// variadic.
static inline int pb_mhd_epoll_fd(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = pb_mhd()->MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
}

/// The milliseconds until the daemon must run again to close an idle connection (0 when it has work already), or
/// -1 when nothing is due.
static inline int64_t pb_mhd_timeout(struct MHD_Daemon *daemon) {
    MHD_UNSIGNED_LONG_LONG milliseconds = 0;
    if (pb_mhd()->MHD_get_timeout(daemon, &milliseconds) != MHD_YES) {
        return -1;
    }
    return milliseconds > INT64_MAX ? INT64_MAX : (int64_t)milliseconds;
}

/// The connection's socket; `MHD_get_connection_info` is variadic.
static inline int pb_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        pb_mhd()->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// What the connection-start callback stored in `*socket_context`, or NULL.
static inline void *pb_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        pb_mhd()->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The status of the response queued on the connection (one of ours, or libmicrohttpd's own refusal), or 0 when
/// none is.
static inline unsigned int pb_mhd_queued_status(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        pb_mhd()->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
    return info == NULL ? 0 : info->http_status;
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
