"""The python-telegram-bot application: commands, buttons, and the group table message."""
