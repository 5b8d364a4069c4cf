// The workbook server on the MCP TypeScript SDK 2.x (@modelcontextprotocol/server), stdio, through the
// generated adapter: `registerTool` from workbook-errors.mcp.ts instead of `server.registerTool`.
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { PROVENANCE } from "../../generated/workbook/ts/workbook-errors.js";
import { registerTool } from "../../generated/workbook/ts/workbook-errors.mcp.js";
import { compute, units } from "./tools.js";

const server = new McpServer({ name: "workbook", version: PROVENANCE.version });
registerTool(server, compute.name, compute.config, compute.handler);
registerTool(server, units.name, units.config, units.handler);
await server.connect(new StdioServerTransport());
