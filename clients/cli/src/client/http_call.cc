#include "client/http_call.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace carc::client {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

HttpAnswer HttpCall(const ServerAddress& server, const std::string& method,
                    const std::string& target, const std::string& body,
                    const std::vector<std::pair<std::string, std::string>>& fields,
                    std::chrono::seconds timeout) {
  HttpAnswer out;
  net::io_context io;
  net::ip::tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  beast::flat_buffer buffer;
  http::request<http::string_body> request;
  request.method_string(method);
  request.target(target);
  request.version(11);
  request.set(http::field::host, server.host + ":" + server.port);
  request.set(http::field::user_agent, "carcassonne/" CARC_CLIENT_VERSION " (command line)");
  for (const auto& [name, value] : fields) request.set(name, value);
  if (!body.empty()) request.set(http::field::content_type, "application/json");
  request.body() = body;
  request.prepare_payload();
  http::response_parser<http::string_body> parser;
  parser.body_limit(1024 * 1024);
  // Every step is asynchronous under one deadline: a server that never answers cannot hang us.
  resolver.async_resolve(server.host, server.port, [&](beast::error_code ec, auto results) {
    if (ec) {
      out.error = "cannot resolve " + server.host + ": " + ec.message();
      return;
    }
    if (results.empty()) {
      out.error = "cannot resolve " + server.host;
      return;
    }
    stream.expires_after(timeout);
    // The first address only: Asio 1.81's range connect trips UBSan's vptr check under Beast.
    stream.async_connect(results.begin()->endpoint(), [&](beast::error_code cec) {
      if (cec) {
        out.error = "cannot connect to " + server.host + ":" + server.port + ": " + cec.message();
        return;
      }
      http::async_write(stream, request, [&](beast::error_code wec, std::size_t) {
        if (wec) {
          out.error = "cannot send the request: " + wec.message();
          return;
        }
        http::async_read(stream, buffer, parser, [&](beast::error_code rec, std::size_t) {
          if (rec) {
            out.error = "no answer from the server: " + rec.message();
            return;
          }
          const auto& response = parser.get();
          out.status = response.result_int();
          out.body = response.body();
          out.set_cookie = std::string(response[http::field::set_cookie]);
        });
      });
    });
  });
  io.run();
  return out;
}

}  // namespace carc::client
