"""The group's table message and the story beside it: its words, the notifier that edits it
after every change, each chat's message budget under Telegram's flood limits, and the sweeps
that catch up what a dead worker left undone. (Its buttons: telegram_bot/buttons/.)"""
