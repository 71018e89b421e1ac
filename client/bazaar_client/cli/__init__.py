"""The `bazaar` command-line client (see client/README.md)."""
