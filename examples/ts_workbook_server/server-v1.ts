// The workbook server on the MCP TypeScript SDK 1.x (@modelcontextprotocol/sdk), stdio, through the
// generated adapter: `registerTool` from workbook-errors.mcp-v1.ts instead of `server.registerTool`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { PROVENANCE } from "../../generated/workbook/ts/workbook-errors.js";
import { registerTool } from "../../generated/workbook/ts/workbook-errors.mcp-v1.js";
import { compute, units } from "./tools.js";

const server = new McpServer({ name: "workbook", version: PROVENANCE.version });
registerTool(server, compute.name, compute.config, compute.handler);
registerTool(server, units.name, units.config, units.handler);
await server.connect(new StdioServerTransport());
