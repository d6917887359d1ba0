"""The bot's commands: opening, explaining and closing tables (/play, each game's own, /rules,
/cancel), practice alone, fairness (/verify, /log), numbers (/stats, /top, /season), a
person's games (/mygames, /reminders) and the owners' /status."""
