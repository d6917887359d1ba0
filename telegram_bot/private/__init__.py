"""What one person sees alone: their secrets as the answer to a button, their hand in inline
mode (for a group without a Mini App), and private reminders of a slow game's turn."""
