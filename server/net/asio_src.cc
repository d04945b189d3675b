// The compiled part of Boost.Asio and Boost.Beast, for the whole project: every other file sees
// only their declarations (BOOST_ASIO_SEPARATE_COMPILATION, BOOST_BEAST_SEPARATE_COMPILATION).
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
