"""How the bot is served and watched: the webhook server's limits, the operator port
(metrics, health) and the counts of its traffic with Telegram."""
