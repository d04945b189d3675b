// The compiled part of Boost.Asio and Boost.Beast, for the whole project: every other file sees
// only their declarations (BOOST_ASIO_SEPARATE_COMPILATION, BOOST_BEAST_SEPARATE_COMPILATION).
// Asio's TLS (OpenSSL) is here too: the push sender posts to push services over https.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
