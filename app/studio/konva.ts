/**
 * The drawing library as the canvas uses it: Konva's core and only the shapes the canvas
 * draws (the full library, with every shape and image filter, is a third more code to run).
 * A module of its own, so that the studio runs it in a task of its own, before the rest of
 * the canvas's code (react-konva and its renderer), rather than all of it in one long task.
 */
import "konva/lib/Core";
import "konva/lib/shapes/Ellipse";
import "konva/lib/shapes/Image";
import "konva/lib/shapes/Line";
import "konva/lib/shapes/Rect";
import "konva/lib/shapes/Text";
