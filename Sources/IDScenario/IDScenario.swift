// The YAML scenario format, validation, runner and output formats (issue 4).
import IDStrategies
