// Calling an HTTP API part (net/http_api.h's Serve(request, reply)) without a socket: the
// request as the HTTP layer would hand it over, and the reply, which may come from a worker
// thread, as a future.
#pragma once

#include <catch2/catch.hpp>

#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "net/http_api.h"

namespace carc::test {

inline server::ApiRequest ApiCall(const std::string& method, const std::string& target,
                                  const std::string& body = "",
                                  const std::string& client = "192.0.2.1") {
  server::ApiRequest request;
  request.method = method;
  request.target = target;
  request.body = body;
  request.client = client;
  return request;
}

// `api` must handle the request (its static Handles says so).
template <class Api>
std::future<server::ApiResponse> Served(Api& api, server::ApiRequest request) {
  REQUIRE(Api::Handles(request));
  auto answer = std::make_shared<std::promise<server::ApiResponse>>();
  auto future = answer->get_future();
  api.Serve(std::move(request),
            [answer](server::ApiResponse r) { answer->set_value(std::move(r)); });
  return future;
}

inline nlohmann::json ApiBody(const server::ApiResponse& r) {
  return nlohmann::json::parse(r.body);
}

}  // namespace carc::test
