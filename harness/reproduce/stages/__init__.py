"""The paper's stages, registered in the order they run and are reported: importing this
package is what puts them in the registry (each module registers itself)."""
from harness.reproduce.stages import table1  # noqa: F401  (first)
from harness.reproduce.stages import fragmented  # noqa: F401
from harness.reproduce.stages import table2  # noqa: F401
from harness.reproduce.stages import sustained  # noqa: F401
from harness.reproduce.stages import kernel  # noqa: F401  (last)
