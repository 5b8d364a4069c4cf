"""errgen: compile one YAML error catalog into every artifact an MCP server and its clients need."""

__version__ = "0.1.0"
