// The inspector without a terminal: canvas, views, keys, app loop (issue 5).
import IDScenario
