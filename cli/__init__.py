"""The `bazaar` command-line client (see sdk/README.md)."""
