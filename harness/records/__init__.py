"""Result folders and their records, shared by the driver (which writes them) and analysis
(which reads them): the typed records in schema.py, the folders and their file names in
folder.py, whole-line writes and the rule for a damaged line in lines.py."""
from harness.records.folder import (ADVERSARY_MODES, ReproductionFolder, ResultFolder,
                                    adversary_seconds_under, read_json,
                                    result_folders_under, write_json)
from harness.records.lines import BadLine, FolderError
from harness.records.schema import (AdversaryInfo, GuestJob, Meta, MonitorRecord,
                                    PressureRecord, ProfileRecord, RecordError,
                                    ReproductionDoc, RunRecord, SimRecord)

__all__ = ["ADVERSARY_MODES", "AdversaryInfo", "BadLine", "FolderError", "GuestJob", "Meta",
           "MonitorRecord", "PressureRecord", "ProfileRecord", "RecordError",
           "ReproductionDoc", "ReproductionFolder", "ResultFolder", "RunRecord", "SimRecord",
           "adversary_seconds_under", "read_json", "result_folders_under", "write_json"]
