"""The Flask Mini App: initData authentication, the JSON API and the page."""
