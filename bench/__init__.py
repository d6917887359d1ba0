"""Speed and memory checks. Each prints its figures, last line ``key=value`` pairs."""
