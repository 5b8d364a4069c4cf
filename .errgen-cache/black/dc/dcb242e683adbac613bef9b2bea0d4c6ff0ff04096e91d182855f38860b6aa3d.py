DESCRIPTION = "A uniform error contract for all tools: upstream HTTP status classes map to stable codes, each with a retriable flag and an optional sanitized `original` payload for diagnostics."
