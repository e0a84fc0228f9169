"""Reads a marker export back with OpenTimelineIO's own readers and prints what it found as JSON.

Usage: read_markers.py premiere|resolve|resolve-zip|fcpxml FILE NUM/DEN

- premiere: FCP7 XML through otio-fcp-adapter: the sequence's name and start, its markers.
- resolve: a CMX 3600 EDL through otio-cmx3600-adapter: each event's record and source frame,
  duration and comment lines (Resolve's `|C: |M: |D:` line is kept by the reader as a comment).
- resolve-zip: a ZIP of EDLs (Python's zipfile checks every CRC), each read as above.
- fcpxml: FCPXML parsed by Python's XML parser (well-formed, entities decoded): the sequence's
  format and start, the gap, the markers' attributes.

Run by tests/unit/markers.test.ts with PYTHONPATH set to the tool cache's python folder.
"""

import io
import json
import sys
import zipfile

import xml.etree.ElementTree as ElementTree

import opentimelineio as otio


def frames(time, rate):
    return int(round(time.value_rescaled_to(rate)))


def read_premiere(path, rate):
    timeline = otio.adapters.read_from_file(path, adapter_name="fcp_xml")
    start = timeline.global_start_time
    return {
        "name": timeline.name,
        "startFrame": frames(start, rate),
        "startTimecode": otio.opentime.to_timecode(start, rate),
        "markers": [
            {
                "name": marker.name,
                "comment": marker.metadata.get("fcp_xml", {}).get("comment"),
                "in": frames(marker.marked_range.start_time, rate),
                "duration": frames(marker.marked_range.duration, rate),
            }
            for marker in timeline.tracks.markers
        ],
    }


def read_edl(text, rate):
    timeline = otio.adapters.read_from_string(text, adapter_name="cmx_3600", rate=rate)
    events = []
    for track in timeline.video_tracks():
        # The reader starts the track at the first record timecode: its source range's start is
        # minus that, so an item's record frame is its place in the track minus that start.
        origin = track.source_range.start_time if track.source_range else otio.opentime.RationalTime(0, rate)
        for clip in track.find_clips():
            placed = clip.range_in_parent()
            events.append(
                {
                    "record": frames(placed.start_time - origin, rate),
                    "source": frames(clip.source_range.start_time, rate),
                    "duration": frames(placed.duration, rate),
                    "comments": list(clip.metadata.get("cmx_3600", {}).get("comments", [])),
                }
            )
    return timeline.name, events


def read_fcpxml(path):
    root = ElementTree.parse(path).getroot()
    sequence = root.find("./library/event/project/sequence")
    gap = sequence.find("./spine/gap")
    return {
        "version": root.get("version"),
        "frameDuration": root.find("./resources/format").get("frameDuration"),
        "project": root.find("./library/event/project").get("name"),
        "sequence": {key: sequence.get(key) for key in ("duration", "tcStart", "tcFormat")},
        "gap": {key: gap.get(key) for key in ("offset", "start", "duration")},
        "markers": [dict(marker.attrib) for marker in gap.findall("./marker")],
    }


def main():
    kind, path, rate_text = sys.argv[1:4]
    num, den = (int(part) for part in rate_text.split("/"))
    rate = num / den
    if kind == "premiere":
        result = read_premiere(path, rate)
    elif kind == "resolve":
        with open(path, encoding="utf-8") as handle:
            name, events = read_edl(handle.read(), rate)
        result = {"name": name, "events": events}
    elif kind == "fcpxml":
        result = read_fcpxml(path)
    elif kind == "resolve-zip":
        files = []
        with zipfile.ZipFile(path) as archive:
            if archive.testzip() is not None:
                raise SystemExit("corrupt ZIP entry")
            for info in archive.infolist():
                text = io.TextIOWrapper(archive.open(info), encoding="utf-8", newline="").read()
                name, events = read_edl(text, rate)
                files.append(
                    {
                        "name": info.filename,
                        "title": name,
                        "records": [event["record"] for event in events],
                        "texts": [comment for event in events for comment in event["comments"]],
                    }
                )
        result = {"files": files}
    else:
        raise SystemExit(f"unknown kind {kind}")
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
