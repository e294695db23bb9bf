"""Admin: start loads and builds as jobs, and follow them. The only writes the API offers."""

from __future__ import annotations

from fastapi import APIRouter, Path, Request

from api.jobs import JobDescription
from api.models import JobIn, JobOut, Problem

router = APIRouter(prefix="/admin", tags=["admin"])


@router.post("/jobs", response_model=JobOut, status_code=202,
             responses={409: {"model": Problem}, 422: {"model": Problem}})
def start_job(request: Request, body: JobIn) -> JobDescription:
    """Start a load (``source``, optional server-side ``path``), a schema apply, a specialty map, a link run
    or an extraction run; answers at once with the job to follow."""
    principal = request.state.principal
    return request.app.state.jobs.start(body.kind, body.source, body.path, principal.name)


@router.get("/jobs", response_model=list[JobOut])
def list_jobs(request: Request) -> list[JobDescription]:
    """The jobs this API process started, oldest first."""
    return request.app.state.jobs.list()


@router.get("/jobs/{job_id}", response_model=JobOut, responses={404: {"model": Problem}})
def job(request: Request, job_id: str = Path(min_length=1, max_length=32, pattern=r"^[0-9a-f]+$")
        ) -> JobDescription:
    """One job: running, succeeded or failed, with its exit code and the last lines it printed."""
    return request.app.state.jobs.get(job_id)
