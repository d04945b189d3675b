#include "app/social_metrics.h"

namespace carc::server {

std::function<void(std::ostream&)> SocialMetricsSection(const accounts::SocialMetrics& social) {
  return [&social](std::ostream& o) {
    o << "# HELP carc_social_total Follows, blocks and invitations (refused: answered 4xx, "
         "past --invitations-per-hour or --max-pending-invitations among them).\n"
         "# TYPE carc_social_total counter\n"
      << "carc_social_total{event=\"follow\"} " << social.follows.load() << "\n"
      << "carc_social_total{event=\"block\"} " << social.blocks.load() << "\n"
      << "carc_social_total{event=\"invitation_sent\"} " << social.invitations_sent.load() << "\n"
      << "carc_social_total{event=\"invitation_refused\"} " << social.invitations_refused.load()
      << "\n"
      << "carc_social_total{event=\"invitation_accepted\"} " << social.invitations_accepted.load()
      << "\n"
      << "carc_social_total{event=\"invitation_declined\"} " << social.invitations_declined.load()
      << "\n";
  };
}

}  // namespace carc::server
