"""Offline evaluator for wallfacer conformance packs (`errgen conform --fixtures`).

Mirrors how wallfacer (`lacausecrypto/mcp-wallfacer`) loads a pack and evaluates its
`test_fixtures`: templating (`template`), YAML 1.2 loading (`yaml12`), validation into a
typed IR (`build` → `model`), assertion evaluation (`assertions`, reusable on live
`CallToolResult` dicts), fixture running (`fixtures`) and reporting (`report`, `run`), and the live runner
(`live*`) that calls a real MCP server. May import `errgen.catalog` only: packs are
read and judged without the compiler's IR.
"""
