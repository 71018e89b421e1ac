"""Clients for AI agents: `words` puts a seat's view into sentences a language model reads, `mcp_server` is the
`bazaar mcp` Model Context Protocol server. Built on the SDK only, like any third-party client."""
