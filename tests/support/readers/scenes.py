"""Scene cuts of a video by PySceneDetect (OpenCV backend), the independent reader the delivery
QC's cuts are compared with: prints {"frameCount": ..., "content": [...], "adaptive": [...]} as
JSON, each list the frames that start a new shot (frame 0 excluded), by ContentDetector and by
AdaptiveDetector with their default settings.
Usage: python3 scenes.py <video>"""
import json
import sys

from scenedetect import AdaptiveDetector, ContentDetector, SceneManager, open_video


def cuts_by(path, detector):
    video = open_video(path, backend="opencv")
    manager = SceneManager()
    manager.add_detector(detector)
    manager.detect_scenes(video)
    scenes = manager.get_scene_list(start_in_scene=True)
    return [start.frame_num for start, _ in scenes[1:]], video.frame_number


def main(path):
    content, frame_count = cuts_by(path, ContentDetector())
    adaptive, _ = cuts_by(path, AdaptiveDetector())
    print(json.dumps({"frameCount": frame_count, "content": content, "adaptive": adaptive}))


if __name__ == "__main__":
    main(sys.argv[1])
