"""The report's parts, one module per reproduce stage: each gives its section of report.md,
its claims (the paper's, judged on our records) and its CSVs, from a ReportData."""
