"""Running a licensed SPEC CPU2000 build in place of the CINT2000 stand-ins."""
