"""The HTTP API: routes and the request machinery: see README.md here."""
